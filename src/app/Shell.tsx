import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { Header } from './Header';

/** The frame of every screen: header, then the route's page. */
export function Shell() {
  return (
    <Box minH="100vh" bg="bg.subtle">
      <Header />
      <Outlet />
    </Box>
  );
}
