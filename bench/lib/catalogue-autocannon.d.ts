// Minimal types for the parts of autocannon the catalogue bench uses (the package ships none).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      setupRequest?: (request: Request & { path: string }) => Request;
    }
    interface Result {
      requests: { average: number };
      latency: { p50: number; p99: number; average: number };
      non2xx: number;
      errors: number;
    }
  }
  function autocannon(
    options: { url: string; connections?: number; duration?: number; workers?: number; requests?: autocannon.Request[]; headers?: Record<string, string> },
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): unknown;
  export = autocannon;
}
