/** Reads an SSE response incrementally: `next(predicate)` resolves with the first matching event or comment. */
export function reader(res: Response) {
  const decoder = new TextDecoder();
  const stream = res.body!.getReader();
  let buffer = '';
  const blocks: string[] = [];
  return {
    async next(predicate: (block: string) => boolean, timeoutMs = 5000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = blocks.findIndex(predicate);
        if (index >= 0) return blocks.splice(0, index + 1).pop()!;
        if (Date.now() > deadline) throw new Error(`no matching event; saw ${JSON.stringify(blocks)}`);
        const { value, done } = await stream.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
        const parts = buffer.split('\n\n');
        buffer = parts.pop()!;
        blocks.push(...parts);
      }
    },
    cancel: () => stream.cancel(),
  };
}
