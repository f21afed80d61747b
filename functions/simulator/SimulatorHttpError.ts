/**
 * A 4xx the simulator answers with the OpenAPI `Error` body `{code, message}`. Thrown by
 * the pure request handlers so parameter validation reads top to bottom.
 */
export class SimulatorHttpError extends Error {
  override readonly name = 'SimulatorHttpError';
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }

  get body(): { code: number; message: string } {
    return { code: this.status, message: this.message };
  }
}
