export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** Reads a text/event-stream response message by message (null once the stream ended). */
export function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  return {
    async next(): Promise<SseMessage | null> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const msg: SseMessage = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) msg.comment = line.slice(1).trim();
            else if (line.startsWith('id: ')) msg.id = line.slice(4);
            else if (line.startsWith('event: ')) msg.event = line.slice(7);
            else if (line.startsWith('data: ')) msg.data = line.slice(6);
            else if (line.startsWith('retry: ')) msg.retry = Number(line.slice(7));
          }
          return msg;
        }
        if (done) return null;
        const chunk = await reader.read();
        if (chunk.done) done = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** The next message that is an event (skips pings and the retry line). */
    async nextEvent(): Promise<SseMessage | null> {
      for (;;) {
        const msg = await this.next();
        if (!msg || msg.event) return msg;
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
