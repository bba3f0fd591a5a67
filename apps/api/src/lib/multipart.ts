import type { MultipartFile, Multipart as MultipartPart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Reading a multipart/form-data body through @fastify/multipart without a malformed body ever
 * becoming a 500. The parser (busboy) reports a missing or bad boundary, a truncated body or
 * garbage as plain errors; the part limits (fields, files, parts) and a prototype-polluting
 * field name as its own. All of them are the client's form, never our failure: 400
 * `invalid_multipart` in the envelope, raised before any route logic acts on the form.
 */

const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';
const TOO_MANY = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

export function invalidMultipart(error?: unknown): AppError {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message =
    typeof code === 'string' && TOO_MANY.has(code)
      ? 'The form has more fields or files than this request takes.'
      : 'The form data could not be read: send it again as multipart/form-data.';
  return new AppError(400, message, {}, 'invalid_multipart');
}

/** An error the parser raised, as the client's 400; our own AppErrors pass through unchanged. */
function fromParser(error: unknown): unknown {
  return error instanceof AppError ? error : invalidMultipart(error);
}

/**
 * The parts of a multipart request, as request.parts() gives them. Only what the iterator
 * itself throws (the parser) is translated; whatever the caller's loop throws goes through, and
 * leaving the loop early still releases the parser.
 */
export async function* formParts(
  request: FastifyRequest,
  options?: Parameters<FastifyRequest['parts']>[0],
): AsyncGenerator<MultipartPart> {
  const parts = request.parts(options)[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<MultipartPart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw fromParser(error);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await parts.return?.();
  }
}

/**
 * A file part read whole. Over the route's file size limit is the route's own refusal
 * (`tooLarge`); a body that ends or breaks inside the file is a 400 `invalid_multipart`.
 */
export async function fileBytes(part: MultipartFile, tooLarge: () => AppError): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === FILE_TOO_LARGE) throw tooLarge();
    throw fromParser(error);
  }
}

/**
 * A file part's stream for a consumer that streams it elsewhere (a digital file to disk): a
 * body that breaks inside the file is a 400 `invalid_multipart`, not an error of the consumer.
 * `truncated` says the size limit cut the file off, as on the part's own stream.
 */
export function fileStream(part: MultipartFile): AsyncIterable<Buffer> & { readonly truncated: boolean } {
  return {
    get truncated() {
      return part.file.truncated;
    },
    async *[Symbol.asyncIterator]() {
      const chunks = part.file[Symbol.asyncIterator]();
      for (;;) {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch (error) {
          throw fromParser(error);
        }
        if (next.done) return;
        yield next.value;
      }
    },
  };
}
