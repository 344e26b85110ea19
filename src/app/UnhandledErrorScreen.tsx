import { Heading, Spinner, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Component, type ReactNode } from 'react';
import { ERROR_TEXTS } from '../lib/http-error-texts';
import { SCREEN_TEXTS } from '../lib/shell-texts';
import type { Permissions } from '../lib/roles';
import { ReloadCountdown } from './ReloadCountdown';
import { usePermissions } from '../machines/root/root-actor';
import { useScreenLogic } from './screen-logic';
import { Centered } from './StartupScreens';

/** Who was signed in, for the report: the user id (and who acted for them), never a token. */
export function authOf(permissions: Permissions | null | undefined): string | undefined {
  if (!permissions) return undefined;
  return permissions.act ? `${permissions.id} (impersonated by ${permissions.act.id})` : String(permissions.id);
}

/**
 * The unhandled-error screen (000 section 8): reports the error to /errors/frontend, then says "{id} - An
 * error has occured and will be fixed soon!. Trying again in" (or that it could not be logged) with the
 * countdown to the reload.
 */
export function UnhandledErrorScreen({ error, auth }: { error: unknown; auth: string | undefined }) {
  const { errorReport, clock } = useScreenLogic();
  const actor = useActorRef(errorReport, {
    input: { error, url: window.location.href, agent: navigator.userAgent, auth },
    ...(clock && { clock }),
  });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const errorId = useSelector(actor, (snapshot) => snapshot.context.errorId);
  if (state === 'reporting') {
    return (
      <Centered>
        <Spinner size="lg" color="secondary" aria-hidden />
        <Text role="status" aria-live="polite" color="primary">{SCREEN_TEXTS.reportingError}</Text>
      </Centered>
    );
  }
  return (
    <Centered>
      <Heading as="h1" size="lg" color="primary" role="alert">
        {state === 'logged' ? ERROR_TEXTS.unhandledLogged(errorId ?? '') : ERROR_TEXTS.unhandledNotLogged}
      </Heading>
      <ReloadCountdown />
    </Centered>
  );
}

/** An error thrown while rendering a route, with who was signed in when it showed. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const permissions = usePermissions();
  return <UnhandledErrorScreen error={error} auth={authOf(permissions)} />;
}

interface RouteBoundaryProps {
  children: ReactNode;
  /** The location's key: a navigation (the back button, say) clears the error and renders the new route. */
  locationKey: string;
}

/**
 * The routes' boundary: an error thrown while rendering a route (the shell or a screen) is the unhandled-error
 * screen in their place. It does what React Router's data router did with the route tree's `errorElement`, which
 * the app no longer uses (declarative routing, issue 19): the error is kept until the location changes.
 */
export class RouteErrorBoundary extends Component<RouteBoundaryProps, { error: unknown; failed: boolean; locationKey: string }> {
  override state = { error: undefined as unknown, failed: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: RouteBoundaryProps, state: { locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { error: undefined, failed: false, locationKey: props.locationKey };
  }

  override render() {
    if (this.state.failed) return <RouteErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}

interface BoundaryProps {
  children: ReactNode;
  /** Who is signed in (authOf), selected by the parent so that nothing reads a snapshot while rendering. */
  auth: string | undefined;
}

/** The top-level boundary: an error outside the routes (start-up screens, providers below the root actor). */
export class AppErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    if (this.state.failed) return <UnhandledErrorScreen error={this.state.error} auth={this.props.auth} />;
    return this.props.children;
  }
}
