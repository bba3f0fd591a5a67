/**
 * The push module's public surface (docs/decisions/027): the subscriptions of users' devices,
 * and the sending plugin app.ts registers (it sends to this module's own rows and runs no workflow).
 */
export { type PushDelivery, type PushPluginOptions, type PushSender, pushPlugin } from './push-sender';
export {
  type PushTarget,
  pushTargetsOf,
  removePushSubscription,
  savePushSubscription,
} from './subscriptions';
