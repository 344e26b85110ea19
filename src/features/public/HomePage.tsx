import { usePortal } from '../../machines/root/root-actor';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { ChatWidget } from '../../ui/public/ChatWidget';
import { HomeContent } from './site/content';
import './site/site.css';

export { SERVICE_LEVEL_TEXTS } from './site/content';

/**
 * The public home page (000 section 2: /) inside the single-page app: the dev server and an offline visit open it here.
 * Online, the server sends the same content rendered ahead of time (src/features/public/site).
 */
export function HomePage() {
  const portal = usePortal();
  return (
    <PublicLayout path="/">
      <ChatWidget />
      <div className="site-content"><HomeContent portal={portal} /></div>
    </PublicLayout>
  );
}

export const Component = HomePage;
