/** The one listener set of core: subscribe returns its unsubscribe; a throwing listener never stops the others. */
export function createEmitter<Args extends unknown[]>() {
  const listeners = new Set<(...args: Args) => void>();
  return {
    subscribe(listener: (...args: Args) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(...args: Args): void {
      for (const listener of [...listeners]) {
        try {
          listener(...args);
        } catch (error) {
          console.error('[plinth] a listener threw', error);
        }
      }
    },
    clear: () => listeners.clear(),
    size: () => listeners.size,
  };
}
