import {
  newOrderFormBodySchema,
  ORDER_FORM_LIMITS,
  ORDER_FORM_MAX_LINES,
  ORDER_FORM_VALID_DAYS,
  orderFormAnswerSchema,
  orderFormChangeBodySchema,
  orderFormStatusBodySchema,
  recordIdParamsSchema,
} from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OrderFormsService } from './order-forms.service.ts';


const LINES = `\`lines\`: up to ${ORDER_FORM_MAX_LINES}, each \`{ lineNo (1–${ORDER_FORM_MAX_LINES}, once each), ndc (an NDC as the package writes it, stored 5-4-2) or item (a description), packages (a whole number above 0), packageSize }\`; an NDC line without an item takes the dictionary's trade name.`;
const NUMBER = 'A paper form is its 9-digit serial number, an electronic (CSOS) order its order number: the year\'s two digits, X and six letters or digits (26X123456).';

/** The Form 222 register's changes (rules/order-forms.ts); the register is read as a list (`GET /order-forms`, `GET /order-form/{id}`). */
export const orderFormsRoutes: FastifyPluginAsyncZod<{ orderForms: OrderFormsService }> = async (app, { orderForms }) => {
  app.post(
    '/order-form/new',
    {
      config: { action: 'order-form.issue' },
      schema: {
        tags: ['order forms'],
        summary: 'Issue a Form 222 to a client registration',
        description:
          `Needs CREATE_JOB (403). ${NUMBER} \`issuedOn\` is MM/DD/YYYY, not after today; the form is treated as valid ${ORDER_FORM_VALID_DAYS} days from it (a house rule). ${LINES} ` +
          `\`note\` up to ${ORDER_FORM_LIMITS.note} characters. 422 with every problem: a number not of its kind's shape, a date, a line, a note; a registration that does not exist, is a State licence, has no valid DEA number, is not registered for Schedule 2 or 2N, or has expired; a number already in the register (naming that form and its client). Answers the new form.`,
        body: newOrderFormBodySchema,
        response: { 200: orderFormAnswerSchema },
      },
    },
    async (request) => orderForms.issue(request.body, request.user, request.id),
  );

  app.patch(
    '/order-form/:id',
    {
      config: { action: 'order-form.edit' },
      schema: {
        tags: ['order forms'],
        summary: "Change a Form 222's lines and note (its number and kind while issued)",
        description:
          `Needs CREATE_JOB (403). \`lines\` replace the form's lines (${LINES}); \`note\`; \`formNumber\` and \`formKind\` only while the form is issued (409 once executed). 409 for a void or lost form, or when \`modId\` is not the form's (changed since); 404 for an unknown form; 422 as for a new form. Sending what the form holds changes nothing. Answers the form.`,
        params: recordIdParamsSchema,
        body: orderFormChangeBodySchema,
        response: { 200: orderFormAnswerSchema },
      },
    },
    async (request) => orderForms.change(Number(request.params.id), request.body, request.user, request.id),
  );

  app.post(
    '/order-form/:id/status',
    {
      config: { action: 'order-form.void' },
      schema: {
        tags: ['order forms'],
        summary: 'Mark a Form 222 executed, void or lost',
        description:
          `Needs UNLOCK_JOB (403). An issued form may be executed, voided or lost; an executed one voided or lost; void and lost are final (409, as is a stale \`modId\`). \`reason\` (one line, up to ${ORDER_FORM_LIMITS.reason} characters) is needed for void and lost (422). Executing needs at least one line and a form within its ${ORDER_FORM_VALID_DAYS} days (422). 404 for an unknown form. Answers the form.`,
        params: recordIdParamsSchema,
        body: orderFormStatusBodySchema,
        response: { 200: orderFormAnswerSchema },
      },
    },
    async (request) => orderForms.changeStatus(Number(request.params.id), request.body, request.user, request.id),
  );
};
