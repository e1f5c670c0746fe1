/** Browser pieces jsdom lacks, stood in for the tests of pages that use them. */

/** jsdom has no ResizeObserver, which Ant Design's components read; nothing here depends on sizes. */
export function standInResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Stands in for the browser's EventSource: the test emits the server's events. */
export class FakeEventSource {
  static last: FakeEventSource | undefined;
  readyState = 1;
  onerror = null;
  readonly handlers = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.handlers.set(type, listener);
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    this.handlers.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}
