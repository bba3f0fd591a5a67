/** The API contract's reply envelope, shared by the API (to build it) and the apps (to read it). */
export type FieldErrors = Record<string, string[]>;

export interface SuccessEnvelope<T> {
  status: true;
  message?: string;
  data: T;
}

export interface FailureEnvelope {
  status: false;
  message: string;
  errors: FieldErrors;
}

export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

/** Laravel paginator shape used by every paged list. */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export function paginate<T>(data: T[], total: number, page: number, perPage: number): Paginated<T> {
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
