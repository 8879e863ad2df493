/** An error that carries the HTTP status the sandbox answers with (4xx for bad input, 5xx for its own faults). */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpError';
    this.status = status;
  }
}
