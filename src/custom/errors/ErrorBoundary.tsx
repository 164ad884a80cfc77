import { Component, type ErrorInfo, type ReactNode } from 'react';
import ErrorPage from './ErrorPage';

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/**
 * Shows the error_500 page instead of a blank screen when a page throws while rendering.
 * Give it a `key` (the pathname) to start afresh on the next navigation.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Rendering failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorPage />;
    return this.props.children;
  }
}
