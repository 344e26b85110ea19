import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { ActionLink, PublicLayout } from '../../ui/public/PublicLayout';

/**
 * /rating-complete and /google-rating-complete (000 section 2): thanks, and for a rating of 4 or 5 the public review
 * link the server is configured with (PUBLIC_REVIEW_URL), passed on by the rating page.
 */
export function RatingCompletePage() {
  const location = useLocation();
  const state = location.state as { reviewUrl?: unknown } | null;
  const reviewUrl = location.pathname === '/google-rating-complete' && typeof state?.reviewUrl === 'string' && /^https:\/\//.test(state.reviewUrl) ? state.reviewUrl : null;
  return (
    <PublicLayout path={location.pathname}>
      <Stack gap={4}>
        <Heading as="h1" size="3xl" color="primary">Thank you for your rating</Heading>
        <Text>Your rating reaches our operations team and the driver's record.</Text>
        {reviewUrl && (
          <Text>
            Glad it went well! Would you tell others too?{' '}
            <Link href={reviewUrl} target="_blank" rel="noopener noreferrer" color="primary" fontWeight="semibold" textDecoration="underline">Write a public review</Link>
          </Text>
        )}
        <Stack direction="row" gap={3} wrap="wrap"><ActionLink to="/">Home</ActionLink><ActionLink to="/deliveries/add" variant="outline">Book a delivery</ActionLink></Stack>
      </Stack>
    </PublicLayout>
  );
}

export const Component = RatingCompletePage;
