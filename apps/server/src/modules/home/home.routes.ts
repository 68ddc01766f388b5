import { onHandAnswerSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HomeService } from './home.service.ts';

/** `GET /home/on-hand`: what the home screen shows beside the lists' finds. */
export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  app.get(
    '/home/on-hand',
    {
      schema: {
        tags: ['home'],
        summary: 'What is on hand, by schedule',
        description:
          'Line items whose job has been received (`Date Received`) and not yet destroyed (no `Date Destroyed`), by the schedule of their NDC (`""` for none), in the order 1, 1N, 2 … 5N, LC, NC: standard and Yellow Bucket line items, the containers and jobs holding them, and their grams of base drug (to the milligram); `total` counts a container or job holding several schedules once. Any signed-in user. The line items of one schedule are the line-item lists\' find `NDC Schedule: ==<schedule>`, `Job::Date Received: *`, `Job::Date Destroyed: =`.',
        response: { 200: onHandAnswerSchema },
      },
    },
    async () => home.onHand(),
  );
};
