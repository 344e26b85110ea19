import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { usePortal } from '../../machines/root/root-actor';
import { containerMaxWidth } from '../../ui/theme';
import { SERVICE_LEVELS } from '../../lib/constants';

/** The public home page: what the service offers in this portal's country. */
export function HomePage() {
  const portal = usePortal();
  return (
    <Box as="main" mx="auto" maxW={containerMaxWidth} px={4} py={{ base: 8, md: 16 }}>
      <Stack gap={4} mb={10}>
        <Heading as="h1" size="3xl" color="primary">Deliveries across {portal.name}, booked in minutes</Heading>
        <Text fontSize="lg" color="fg.muted">
          Same-day courier deliveries for people and businesses. Prices in {portal.currency}; times shown in {portal.timeZone}.
        </Text>
      </Stack>
      <Heading as="h2" size="lg" mb={4} color="primary">Service levels</Heading>
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4 }} gap={4} listStyleType="none">
        {Object.entries(SERVICE_LEVELS).map(([name, label]) => (
          <Box as="li" key={name} bg="bg" borderRadius="md" borderTopWidth="4px" borderTopColor="secondary" p={4} shadow="sm">
            <Heading as="h3" size="md">{name}</Heading>
            <Text color="fg.muted">{label}</Text>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}

export const Component = HomePage;
