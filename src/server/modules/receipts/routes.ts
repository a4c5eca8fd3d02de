import type { Socket } from 'node:net';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_RECEIPT_BYTES,
  RECEIPT_FIELD,
  receiptReadingSchema,
} from '../../../contracts/receipts';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import { AppError, badRequest } from '../../http/errors';
import type { ReceiptsService } from './service';

/** A scan's id, as PostgreSQL's uuid type takes it: anything else would fail the query (500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const tooLarge = () =>
  new AppError(413, 'payload_too_large', 'Receipt image is too large - the limit is 15 MB');

const stalled = () =>
  new AppError(
    408,
    'upload_stalled',
    'The upload stopped before the photo arrived - please try again',
  );

export const receiptsRoutes =
  (deps: {
    service: ReceiptsService;
    requireUser: RequireUser;
    /** An upload that sends nothing for this long is dropped, and its scan place freed. */
    uploadIdleMs: number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service, uploadIdleMs } = deps;
    app.addHook('onRequest', deps.requireUser);
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 5, parts: 6 },
    });

    const upload = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.isMultipart()) {
        throw badRequest(`Send the photo as multipart/form-data in the field '${RECEIPT_FIELD}'`);
      }
      const userId = userIdOf(req);
      // The account's place is taken before the photo is read, so one account cannot hold many
      // uploads in memory at once either.
      const release = await service.admit(userId);
      // A client that hangs up (gave up waiting, retook the photo) no longer wants the reading.
      const gone = new AbortController();
      const hungUp = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.once('close', hungUp);
      try {
        const bytes = await withIdleLimit(req, photoOf(req));
        return await service.scan(userId, bytes, gone.signal);
      } finally {
        reply.raw.off('close', hungUp);
        release();
      }
    };

    /**
     * Fails `reading` with 408 when the connection carries nothing for uploadIdleMs, and drops it:
     * a client that stalls half way must not keep its scan place (or a socket) for long. Every
     * chunk that arrives starts the wait again, so a slow phone link is fine.
     */
    const withIdleLimit = <T>(req: FastifyRequest, reading: Promise<T>): Promise<T> => {
      const socket = req.raw.socket as Partial<Socket> | undefined;
      // inject() has no real socket, and hands the body over whole.
      if (typeof socket?.setTimeout !== 'function' || typeof socket.destroy !== 'function')
        return reading;
      let fail: (err: Error) => void = () => {};
      const idle = new Promise<never>((_, reject) => (fail = reject));
      const onIdle = () => {
        fail(stalled());
        socket.destroy!();
      };
      socket.setTimeout(uploadIdleMs);
      socket.once!('timeout', onIdle);
      // Once the race is lost to `idle`, the reading fails too (its stream is gone): nobody waits.
      reading.catch(() => {});
      return Promise.race([reading, idle]).finally(() => {
        socket.setTimeout!(0);
        socket.off!('timeout', onIdle);
      });
    };

    /** The photo's bytes from the multipart body, with a clear 4xx for anything else. */
    const photoOf = async (req: FastifyRequest): Promise<Buffer> => {
      let bytes: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== RECEIPT_FIELD || bytes) {
              part.file.resume();
              continue;
            }
            bytes = await part.toBuffer();
          }
        }
      } catch (err) {
        if (err instanceof Error && 'code' in err) {
          const code = (err as { code: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          if (
            code === 'FST_FILES_LIMIT' ||
            code === 'FST_PARTS_LIMIT' ||
            code === 'FST_FIELDS_LIMIT'
          ) {
            throw badRequest('Send one receipt photo at a time');
          }
          if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
            throw badRequest(
              `Send the photo as multipart/form-data in the field '${RECEIPT_FIELD}'`,
            );
          }
        }
        throw badRequest('The upload could not be read - please try again');
      }
      if (!bytes) throw badRequest(`No receipt photo was sent in the field '${RECEIPT_FIELD}'`);
      return bytes;
    };

    // No route bodyLimit: the multipart parser streams the photo under its own fileSize limit, and
    // a route's bodyLimit would let any other body (15 MB of JSON) be parsed whole before the 400.
    const schema = { response: { 200: receiptReadingSchema } };
    app.post('/api/ocr/scan-receipt', { schema }, upload);
    app.post('/api/upload-receipt', { schema }, upload);

    app.get(
      '/api/receipts/:id/image',
      { schema: { params: z.object({ id: z.string() }) } },
      async (req, reply) => {
        const id = req.params.id;
        if (!UUID.test(id)) throw new AppError(404, 'not_found', 'Receipt not found');
        const { image, mime } = await service.image(userIdOf(req), id);
        return reply
          .header('content-type', mime)
          .header('cache-control', 'private, max-age=3600')
          .send(image);
      },
    );
  };
