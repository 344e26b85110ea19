import { Box, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { SERVICE_LEVELS } from '../../lib/constants';
import { usePortal } from '../../machines/root/root-actor';
import { ActionLink, PublicLayout, Section } from '../../ui/public/PublicLayout';
import { ChatWidget } from '../../ui/public/ChatWidget';

/** What each service level promises, in a visitor's words (the windows of server/domain/pricing.ts). */
export const SERVICE_LEVEL_TEXTS: Record<keyof typeof SERVICE_LEVELS, string> = {
  Standard: 'Delivered within a day of collection, through our hubs where that is quicker. The lowest price.',
  Priority: 'Straight from pick-up to drop-off, from an hour after collection.',
  Hyperlocal: 'Short hops across town by the nearest driver, from 30 minutes after collection.',
  'Emergency Relief': 'Relief parcels carried within two days of collection.',
};

/** The public home page (000 section 2: /): what we do, for whom, the service levels, how booking works. */
export function HomePage() {
  const portal = usePortal();
  return (
    <PublicLayout path="/">
      <ChatWidget />
      <Stack gap={4}>
        <Heading as="h1" size="3xl" color="primary">Deliveries across {portal.name}, booked in minutes</Heading>
        <Text fontSize="lg" color="fg.muted">
          Same-day and next-day courier deliveries for people, shops and companies. Prices in {portal.currency}; times shown in {portal.timeZone}.
        </Text>
        <HStack gap={3} wrap="wrap">
          <ActionLink to="/deliveries/add">Book a delivery</ActionLink>
          <ActionLink to="/pricing" variant="outline">See prices</ActionLink>
          <ActionLink to="/track-order" variant="outline">Track a parcel</ActionLink>
        </HStack>
      </Stack>
      <Section title="For whom">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
          <Box><Heading as="h3" size="md">People</Heading><Text>Send a parcel across town or across the country, pay by card, follow it live.</Text></Box>
          <Box><Heading as="h3" size="md">Businesses</Heading><Text>Accounts for companies and stores, bulk uploads and an API. <ActionLink to="/businesses" variant="outline">For businesses</ActionLink></Text></Box>
          <Box><Heading as="h3" size="md">Drivers and partners</Heading><Text>Carry our deliveries with your own vehicle or fleet. <ActionLink to="/drivers" variant="outline">Apply</ActionLink></Text></Box>
        </SimpleGrid>
      </Section>
      <Section title="Service levels">
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4 }} gap={4} listStyleType="none">
          {Object.entries(SERVICE_LEVELS).map(([name, label]) => (
            <Box as="li" key={name} bg="bg" borderRadius="md" borderTopWidth="4px" borderTopColor="secondary" p={4} shadow="sm">
              <Heading as="h3" size="md">{name}</Heading>
              <Text color="fg.muted">{label}</Text>
              <Text mt={2}>{SERVICE_LEVEL_TEXTS[name as keyof typeof SERVICE_LEVELS]}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </Section>
      <Section title="How booking works">
        <List.Root as="ol" gap={2} ps={5}>
          <List.Item>Enter where the parcel is collected and where it goes, and the day.</List.Item>
          <List.Item>Add your parcels (small, medium, large, or your own sizes).</List.Item>
          <List.Item>Choose a quote: each service level with its price and its collection and delivery windows.</List.Item>
          <List.Item>Give the contact details at both ends, accept the quote and pay by card or from your account.</List.Item>
          <List.Item>Follow the delivery live with its tracking link, then rate the driver.</List.Item>
        </List.Root>
        <HStack mt={4} gap={3} wrap="wrap">
          <ActionLink to="/deliveries/add">Book now</ActionLink>
          <ActionLink to="/register" variant="outline">Create an account</ActionLink>
        </HStack>
      </Section>
    </PublicLayout>
  );
}

export const Component = HomePage;
