import { randomUUID } from 'node:crypto';

export interface FilePart {
  name: string;
  type: string;
  content: Buffer;
}

/** A multipart/form-data body as a browser sends it; `fileFirst` puts the file before the fields. */
export function multipart(fields: Record<string, string>, file?: FilePart, fileFirst = false) {
  const boundary = `----umlage${randomUUID()}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
            `Content-Type: ${file.type}\r\n\r\n`,
        ),
        file.content,
        Buffer.from('\r\n'),
      ]
    : [];
  const parts = fileFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
