import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Actor } from 'xstate';
import type { formMachine } from '../../machines/lists/form.machine';

/**
 * Follows a form actor's navigation (after create, delete) and sends a missing record to /404. `pathOf` maps the
 * resource's own paths where the form lives under a parent route (a user's ratings).
 */
export function useFormNavigation(form: Actor<typeof formMachine>, pathOf: (to: string) => string = (to) => to): void {
  const navigate = useNavigate();
  const mapPath = useRef(pathOf);
  useEffect(() => {
    mapPath.current = pathOf;
  });
  useEffect(() => {
    const subscriptions = [
      form.on('form.navigate', (event) => navigate(mapPath.current(event.to))),
      form.on('form.notFound', () => navigate('/404', { replace: true })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [form, navigate]);
}
