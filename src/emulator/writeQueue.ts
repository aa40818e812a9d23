/**
 * The writes of each tenant object, one at a time: a write starts once every write of the same object queued
 * before it has finished (answered or failed), so its checks (an off-thread template check included) and its
 * change see no other write of that object in between. Concurrent requests to one object then behave as the
 * order they were queued in, as the platform serializes the writes of one object; writes of different objects
 * run side by side.
 */
export class ObjectWriteQueue {
  /** Per object, the promise that settles when its last queued write has finished. */
  private readonly tails = new Map<object, Promise<void>>();

  /** Runs `write` after the writes of `object` queued before it; resolves or rejects as `write` does. */
  run<T>(object: object, write: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(object) ?? Promise.resolve()).then(write);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(object, tail);
    void tail.then(() => {
      if (this.tails.get(object) === tail) this.tails.delete(object);
    });
    return result;
  }

  /** How many objects have a write queued or running (0 once every write has finished). */
  get busyObjects(): number {
    return this.tails.size;
  }
}
