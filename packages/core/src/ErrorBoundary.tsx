import { Component, type ErrorInfo, type ReactNode } from 'react';
import { channel as defaultChannel, type EventContext, type SessionChannel } from './channel';

export interface ErrorBoundaryFallbackProps {
  error: unknown;
  /** Clear the error and render the children again. */
  reset: () => void;
}

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** What to render instead of the children once they threw. Default: nothing. */
  fallback?: ReactNode | ((props: ErrorBoundaryFallbackProps) => ReactNode);
  /** Added to the `exception` event (e.g. `{ area: 'checkout' }`). */
  context?: EventContext;
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** The channel to emit `exception` on (tests); default the page's channel. */
  channel?: SessionChannel;
}

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * Catches render errors below it, emits `exception` on the session channel and renders `fallback`.
 * To reset on navigation, key it by the route: `<ErrorBoundary key={pathname}>`.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    (this.props.channel ?? defaultChannel).exception(error, {
      ...this.props.context,
      componentStack: info.componentStack ?? undefined,
    });
    this.props.onError?.(error, info);
  }

  reset = () => this.setState({ error: undefined, failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    const { fallback = null } = this.props;
    return typeof fallback === 'function' ? fallback({ error: this.state.error, reset: this.reset }) : fallback;
  }
}
