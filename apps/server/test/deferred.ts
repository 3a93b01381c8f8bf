/** A promise and the function that resolves it, for tests that hold a task until they let it go. */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
