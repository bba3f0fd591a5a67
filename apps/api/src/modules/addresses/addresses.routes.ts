import {
  addressListPayloadSchema,
  addressPayloadSchema,
  addressSchema,
  MAX_SAVED_ADDRESSES,
} from '@parade/core/auth-schemas';
import { successEnvelope } from '@parade/core/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { idSchema } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { createAddress, deleteAddress, listAddresses, makeDefaultAddress, updateAddress } from './addresses.service';

const idParams = z.object({ id: idSchema });
const addressReply = successEnvelope(addressPayloadSchema);
const listReply = successEnvelope(addressListPayloadSchema);
const security = [{ bearer: [] }];
const tags = ['user'];

/**
 * The signed-in user's saved addresses. The paths are the spec's, including the odd
 * DELETE /user/update-profile/{id}. Another user's address answers 404.
 */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/user/address',
    {
      schema: {
        tags,
        security,
        summary: 'My addresses, the default first',
        response: { 200: listReply, ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok({ addresses: await listAddresses(app.db, user.id) });
    },
  );

  app.post(
    '/user/address',
    {
      schema: {
        tags,
        security,
        summary: 'Add an address (the first one becomes the default)',
        description: `At most ${MAX_SAVED_ADDRESSES} addresses per user: one more answers 422 \`address_limit_reached\`.`,
        body: addressSchema,
        response: { 201: addressReply, ...failureResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(ok(await createAddress(app.db, user.id, request.body)));
    },
  );

  app.post(
    '/user/address/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update an address',
        params: idParams,
        body: addressSchema,
        response: { 200: addressReply, ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await updateAddress(app.db, user.id, request.params.id, request.body));
    },
  );

  app.delete(
    '/user/update-profile/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an address (path as named by the spec)',
        description:
          'Answers the deleted address as it was, like the other address calls (api-contract: "create, update, delete, make default an address"). Deleting the default hands it to the newest remaining address; GET user/address shows it.',
        params: idParams,
        response: { 200: addressReply, ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await deleteAddress(app.db, user.id, request.params.id));
    },
  );

  app.patch(
    '/user/address/default/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Make an address the default (exactly one default per user)',
        params: idParams,
        response: { 200: addressReply, ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await makeDefaultAddress(app.db, user.id, request.params.id));
    },
  );
};
