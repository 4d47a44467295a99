export const GENERIC_ERROR_MESSAGE = 'Es ist ein Fehler aufgetreten.';
export const NETWORK_ERROR_MESSAGE = 'Keine Verbindung zum Server.';

/** An error answer of our API (`{ error: { code, message, fields? } }`); the message is German. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field path (dotted, as react-hook-form names fields) → German message. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; FormData (uploads) is sent as multipart as it is. */
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls our API with the session cookie and returns the parsed JSON answer (undefined for 204). */
export async function api<T>(path: string, { method = 'GET', body, signal }: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', NETWORK_ERROR_MESSAGE);
  }

  const data = await readJson(response);
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, data: unknown): ApiError {
  const error = isRecord(data) && isRecord(data.error) ? data.error : undefined;
  const code = typeof error?.code === 'string' ? error.code : 'unknown';
  const message = typeof error?.message === 'string' && error.message ? error.message : GENERIC_ERROR_MESSAGE;
  let fields: Record<string, string> | undefined;
  if (isRecord(error?.fields)) {
    fields = {};
    for (const [name, value] of Object.entries(error.fields)) {
      if (typeof value === 'string') fields[name] = value;
    }
  }
  return new ApiError(status, code, message, fields);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The German text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;
}

/**
 * A refused list (`tenancies.2.start`: its third row as sent) put back on the rows as shown: `shown`
 * gives each sent row's place on screen, `columnOf` the column a field stands in.
 */
export function refusedRows<C extends string>(
  error: unknown,
  list: string,
  shown: readonly number[],
  columnOf: (field: string) => C | undefined,
): Array<{ row: number | null; column?: C; message: string }> {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const named = Object.entries(fields).map(([path, message]) => {
    const at = new RegExp(`^${list}\\.(\\d+)\\.(.+)$`).exec(path);
    return { row: at ? (shown[Number(at[1])] ?? null) : null, column: columnOf(at?.[2] ?? ''), message };
  });
  return named.length > 0 ? named : [{ row: null, message: errorMessage(error) }];
}
