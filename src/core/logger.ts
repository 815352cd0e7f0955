/** The log the app hands to everything it builds (pino in the server; tests pass a quiet one). */
export interface Logger {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error: (obj: object | string, msg?: string) => void;
}
