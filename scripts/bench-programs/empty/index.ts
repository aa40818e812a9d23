// The baseline of `npm run bench`'s engine overhead ratio: a Pulumi TypeScript program that declares
// nothing, run with the same tsconfig and transpile settings as the example it is compared with.
export {};
