import { DrawerHeader, ModalHeader, createTheme } from '@mantine/core';

/**
 * A dialog's header is a <header> in Mantine; portalled outside <main> it becomes a second banner
 * landmark next to the top bar (axe landmark-no-duplicate-banner). A plain container keeps the
 * title and close button without claiming to be the page's banner.
 */
const dialogHeader = { defaultProps: { component: 'div' } };

/** Dark theme (docs/product.md §1) with the system font stack only — no external fonts or CDNs. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    ModalHeader: ModalHeader.extend(dialogHeader),
    DrawerHeader: DrawerHeader.extend(dialogHeader),
  },
});
