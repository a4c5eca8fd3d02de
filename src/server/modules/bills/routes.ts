import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  archiveBillBodySchema,
  archiveBillResponseSchema,
  billDetailSchema,
  billIdParamsSchema,
  billListQuerySchema,
  billListResponseSchema,
  createBillBodySchema,
  createBillResponseSchema,
  createItemBodySchema,
  createParticipantBodySchema,
  itemSchema,
  participantSchema,
  renameBillBodySchema,
  renameBillResponseSchema,
  wholeBillBodySchema,
} from '../../../contracts/bills';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import { parseBody } from '../../http/validate';
import type { BillsService } from './service';

export const billsRoutes =
  (deps: { service: BillsService; requireUser: RequireUser }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service } = deps;
    // Before body validation: an anonymous caller learns nothing about the shapes behind the door.
    app.addHook('onRequest', deps.requireUser);

    // Two shapes on one path: the spec's totals-first payload, or a whole bill with its items.
    app.post(
      '/api/bills',
      { schema: { response: { 200: createBillResponseSchema, 201: createBillResponseSchema } } },
      async (req, reply) => {
        const raw = req.body;
        const whole = typeof raw === 'object' && raw !== null && 'items' in raw;
        if (!whole) {
          const created = await service.createBill(
            userIdOf(req),
            parseBody(createBillBodySchema, raw),
          );
          return reply.status(201).send(created);
        }
        const { id, created } = await service.createWholeBill(
          userIdOf(req),
          parseBody(wholeBillBodySchema, raw),
        );
        // A repeat of a bill already stored under the same client key: the first one, not a copy.
        return reply.status(created ? 201 : 200).send({ id });
      },
    );

    app.get(
      '/api/bills',
      { schema: { querystring: billListQuerySchema, response: { 200: billListResponseSchema } } },
      async (req) => service.listBills(userIdOf(req), req.query.limit, req.query.cursor),
    );

    app.get(
      '/api/bills/:id',
      { schema: { params: billIdParamsSchema, response: { 200: billDetailSchema } } },
      async (req) => service.getBill(userIdOf(req), req.params.id),
    );

    app.patch(
      '/api/bills/:id',
      {
        schema: {
          params: billIdParamsSchema,
          body: renameBillBodySchema,
          response: { 200: renameBillResponseSchema },
        },
      },
      async (req) => service.renameBill(userIdOf(req), req.params.id, req.body),
    );

    // The whole bill again, in POST /api/bills' shape: while it has no payment links.
    app.put(
      '/api/bills/:id',
      {
        schema: {
          params: billIdParamsSchema,
          body: wholeBillBodySchema,
          response: { 200: billDetailSchema },
        },
      },
      async (req) => service.updateWholeBill(userIdOf(req), req.params.id, req.body),
    );

    app.delete('/api/bills/:id', { schema: { params: billIdParamsSchema } }, async (req, reply) => {
      await service.deleteBill(userIdOf(req), req.params.id);
      return reply.status(204).send();
    });

    app.put(
      '/api/bills/:id/archived',
      {
        schema: {
          params: billIdParamsSchema,
          body: archiveBillBodySchema,
          response: { 200: archiveBillResponseSchema },
        },
      },
      async (req) => service.archiveBill(userIdOf(req), req.params.id, req.body.archived),
    );

    app.post(
      '/api/bill-participants',
      { schema: { body: createParticipantBodySchema, response: { 201: participantSchema } } },
      async (req, reply) =>
        reply.status(201).send(await service.addParticipant(userIdOf(req), req.body)),
    );

    app.post(
      '/api/bills/:id/items',
      {
        schema: {
          params: billIdParamsSchema,
          body: createItemBodySchema,
          response: { 201: itemSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.addItem(userIdOf(req), req.params.id, req.body)),
    );
  };
