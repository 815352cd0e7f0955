/** The part of pg-copy-streams-binary (CommonJS, no published types) the backup uses. */
declare module 'pg-copy-streams-binary' {
  import type { Transform } from 'node:stream';
  const copyBinary: {
    /**
     * Parses a COPY … (FORMAT binary) stream into rows: without a mapping, each row is an array of its fields' raw
     * bytes as BufferLists (null for NULL).
     */
    rowReader(options?: { mapping?: { key: string; type: string }[] }): Transform;
  };
  export default copyBinary;
}
