import { readFileSync } from "node:fs";

/** Shells that npm (`npx`, `npm run`) and scripts put between a command and the process that started it. */
const SHELLS = new Set(["sh", "dash", "bash", "zsh"]);

/** A process's parent and command name, from /proc (Linux); `undefined` when it has ended or cannot be read. */
function processInfo(pid: number): { parent: number; name: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const name = stat.slice(stat.indexOf("(") + 1, close);
    const parent = Number(stat.slice(close + 2).split(" ")[1]);
    return Number.isInteger(parent) ? { parent, name } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The processes whose parent must stay the same while the starter lives: this process, and each shell between
 * it and the process that started it (npm runs a command through `sh -c`, which waits for it, and is orphaned
 * rather than ended when npm is killed). Taken as the process starts, while the starter surely lives.
 */
export function starterChain(): ReadonlyMap<number, number> {
  const chain = new Map([[process.pid, process.ppid]]);
  let pid = process.ppid;
  for (let info = processInfo(pid); info !== undefined && SHELLS.has(info.name); info = processInfo(pid)) {
    chain.set(pid, info.parent);
    pid = info.parent;
  }
  return chain;
}

function starterEnded(chain: ReadonlyMap<number, number>): boolean {
  for (const [pid, parent] of chain) {
    const now = pid === process.pid ? process.ppid : processInfo(pid)?.parent;
    if (now !== parent) return true;
  }
  return false;
}

/**
 * Calls `onGone` once the process that started this one has ended, told by this process's parent, or a shell
 * between them, changing (the system hands an orphan to another process). A `tenant-emulator` started through
 * `npx` or `npm run` then ends with them, even when they are killed with a signal they cannot pass on: no
 * orphan keeps its port and data directory.
 *
 * @param chain the {@link starterChain} taken when the process started
 * @param everyMs how often the chain is checked; the timer does not keep the process alive
 * @returns stops watching
 */
export function watchParent(
  onGone: () => void,
  chain: ReadonlyMap<number, number> = starterChain(),
  everyMs = 250,
): () => void {
  const timer = setInterval(() => {
    if (!starterEnded(chain)) return;
    clearInterval(timer);
    onGone();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
