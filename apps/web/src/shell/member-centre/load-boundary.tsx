import { Component, type ReactNode } from 'react';
import { ErrorState } from '../../components/load-states.tsx';

type LoadBoundaryProps = {
  /** Called at each render, so a retry renders a fresh lazy component. */
  children: () => ReactNode;
  /** Runs before a retry, e.g. to forget a failed chunk. */
  onRetry?: () => void;
};

/**
 * Catches a page whose chunk failed to load (offline, a new deploy) and offers to try again,
 * instead of leaving the member centre blank.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <ErrorState
          error={this.state.error}
          onRetry={() => {
            this.props.onRetry?.();
            this.setState({ error: null });
          }}
        />
      );
    }
    return this.props.children();
  }
}
