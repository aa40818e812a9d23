import { ObjectWriteQueue } from "../../../src/emulator/writeQueue";

/** A promise settled from outside, so a test decides when each write finishes. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve = (): void => undefined;
  let reject = (_error: Error): void => undefined;
  const promise = new Promise<void>((settle, fail) => {
    resolve = () => settle();
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Lets every queued callback run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("ObjectWriteQueue", () => {
  it("starts a write of an object only after the one queued before it has finished, in queue order", async () => {
    const queue = new ObjectWriteQueue();
    const object = {};
    const started: string[] = [];
    const first = deferred();
    const second = deferred();

    const a = queue.run(object, async () => {
      started.push("a");
      await first.promise;
      return "a done";
    });
    const b = queue.run(object, async () => {
      started.push("b");
      await second.promise;
      return "b done";
    });
    const c = queue.run(object, async () => {
      started.push("c");
      return "c done";
    });
    await settled();
    expect(started).toEqual(["a"]);

    first.resolve();
    await expect(a).resolves.toBe("a done");
    await settled();
    expect(started).toEqual(["a", "b"]);

    second.resolve();
    await expect(Promise.all([b, c])).resolves.toEqual(["b done", "c done"]);
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("runs writes of different objects side by side", async () => {
    const queue = new ObjectWriteQueue();
    const blocked = deferred();
    const started: string[] = [];

    const slow = queue.run({}, async () => {
      started.push("first object");
      await blocked.promise;
    });
    await queue.run({}, async () => {
      started.push("second object");
    });

    expect(started).toEqual(["first object", "second object"]);
    blocked.resolve();
    await slow;
  });

  it("goes on with the next write after one fails, and rejects only the failed one", async () => {
    const queue = new ObjectWriteQueue();
    const object = {};
    const failing = deferred();

    const failed = queue.run(object, () => failing.promise);
    const next = queue.run(object, async () => "next");
    failing.reject(new Error("disk full"));

    await expect(failed).rejects.toThrow("disk full");
    await expect(next).resolves.toBe("next");
  });

  it("forgets an object once its writes have finished", async () => {
    const queue = new ObjectWriteQueue();
    const object = {};
    const pending = deferred();

    const write = queue.run(object, () => pending.promise);
    expect(queue.busyObjects).toBe(1);
    pending.resolve();
    await write;
    await settled();

    expect(queue.busyObjects).toBe(0);
  });
});
