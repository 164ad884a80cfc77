/**
 * Server-sent events read from a text stream that arrives in arbitrary pieces: a piece may end in
 * the middle of a line or of an event. Events are separated by a blank line; `event:` names one
 * and its `data:` lines are joined with newlines (the SSE format). Comments (`:`) are skipped.
 */
export interface SseEvent {
  event: string;
  data: string;
}

export class SseReader {
  private buffer = '';

  /** Feeds the next piece of text; returns the events it completed. */
  push(piece: string): SseEvent[] {
    this.buffer += piece.replace(/\r\n?/g, '\n');
    const events: SseEvent[] = [];
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  }
}
