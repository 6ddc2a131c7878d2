/** A handler returns data (200) or a Reply when it needs another status or headers. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const created = (body: unknown, location: string) => new Reply(201, body, { Location: location });
