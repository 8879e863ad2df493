export {
  type ChannelEvent,
  type ChannelEventOf,
  type ChannelEventType,
  type ChannelListener,
  type Context,
  channel,
  createChannel,
  type PlinthUser,
  type ReportLevel,
  type SessionChannel,
} from './channel';
