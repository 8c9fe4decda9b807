/**
 * A small typed event emitter (no Node `events`, which browsers and React Native lack). A
 * listener that throws does not stop the others or the SDK operation that emitted.
 */
export type Listener<P> = (payload: P) => void;

/** Events whose payload is `undefined` are emitted without an argument. */
type EmitArgs<P> = [P] extends [undefined] ? [] : [P];

/** Where a listener's error goes; by default it is rethrown on its own, as EventTarget does. */
export type ListenerErrorHandler = (error: unknown) => void;

const rethrowAlone: ListenerErrorHandler = (error) => {
  queueMicrotask(() => {
    throw error;
  });
};

export class Emitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  constructor(private readonly onListenerError: ListenerErrorHandler = rethrowAlone) {}

  /** Adds a listener; returns the function that removes it. */
  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener as Listener<never>);
    return () => this.off(name, listener);
  }

  once<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    const off = this.on(name, (payload) => {
      off();
      listener(payload);
    });
    return off;
  }

  off<K extends keyof Events>(name: K, listener: Listener<Events[K]>): void {
    this.listeners.get(name)?.delete(listener as Listener<never>);
  }

  emit<K extends keyof Events>(name: K, ...args: EmitArgs<Events[K]>): void {
    const set = this.listeners.get(name);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as Listener<Events[K] | undefined>)(args[0]);
      } catch (err) {
        // One broken listener must not break the others or the sign-in or refresh under way.
        this.onListenerError(err);
      }
    }
  }

  removeAll(): void {
    this.listeners.clear();
  }
}
