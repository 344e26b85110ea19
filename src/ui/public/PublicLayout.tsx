import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FOOTER_LINKS, publicPageOf, withCountry } from '../../lib/public-pages';
import { usePortal } from '../../machines/root/root-actor';
import { containerMaxWidth } from '../theme';


/** Sets `<meta name="description">` of the page (created once, then updated). */
function useDescription(description: string | undefined) {
  useEffect(() => {
    if (!description) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [description]);
}

/**
 * A public page (issue 19): its description in the document head (the router sets the title), one <main> with
 * the page's content in the theme's container widths, and the footer's links to the other public pages.
 */
export function PublicLayout({ path, children }: { path: string; children: ReactNode }) {
  const portal = usePortal();
  const page = publicPageOf(path);
  useDescription(page ? withCountry(page.description, portal.name) : undefined);
  return (
    <Flex direction="column" minH="100%">
      <Box as="main" flex="1" mx="auto" w="100%" maxW={containerMaxWidth} px={4} py={{ base: 6, md: 12 }}>
        {children}
      </Box>
      {/* Room below the last line where the chat widget's button floats over the bottom right corner (md and up;
          on a phone it is in the flow, ChatWidget.tsx). */}
      <Box as="footer" borderTopWidth="1px" pt={6} pb={{ base: 6, md: 20 }} px={4} mt={8}>
        <Stack as="nav" aria-label="Site" direction="row" wrap="wrap" gap={4} justify="center" mx="auto" maxW={containerMaxWidth}>
          {FOOTER_LINKS.map(([to, label]) => (
            <Link key={to} asChild color="primary"><RouterLink to={to}>{label}</RouterLink></Link>
          ))}
        </Stack>
        <Text textAlign="center" color="fg.muted" fontSize="sm" mt={3}>
          {portal.name} · prices in {portal.currency} · times in {portal.timeZone}
        </Text>
      </Box>
    </Flex>
  );
}

/** A call-to-action link styled as a button (keyboard and screen readers see a link: it navigates). */
export function ActionLink({ to, children, variant = 'solid' }: { to: string; children: ReactNode; variant?: 'solid' | 'outline' }) {
  return (
    <Link asChild px={5} py={3} borderRadius="md" fontWeight="semibold" textDecoration="none"
      bg={variant === 'solid' ? 'primary' : 'transparent'} color={variant === 'solid' ? 'white' : 'primary'}
      borderWidth={variant === 'outline' ? '2px' : 0} borderColor="primary" _hover={{ textDecoration: 'none', opacity: 0.9 }}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** A titled section of a public page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" mt={10} aria-label={title}>
      <Text as="h2" fontSize="2xl" fontWeight="bold" color="primary" mb={3}>{title}</Text>
      {children}
    </Box>
  );
}
