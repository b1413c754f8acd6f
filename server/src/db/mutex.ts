/** A promise-chain mutex: `run` calls are executed one at a time, in order of arrival. */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve();
  #held = 0;

  get locked(): boolean {
    return this.#held > 0;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    this.#held++;
    const result = this.#tail.then(work);
    this.#tail = result.then(
      () => this.#held--,
      () => this.#held--,
    );
    return result;
  }
}
