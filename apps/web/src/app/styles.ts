// Mantine's styles in a CSS layer: the app's own CSS modules then win however the bundler
// orders the files. Only the components the storefront uses (and the ones they are built on),
// not the whole library's 247 KB: a component added to the app adds its file here.
// The entry (main.tsx) imports them, so that they are in index.html: a page the server drew
// paints styled before any of its code has loaded.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Typography.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Spoiler.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/EmptyState.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Affix.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/carousel/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/nprogress/styles.layer.css';
import '@parade/ui/focus-ring.css';
import '@parade/ui/reduced-motion.css';
// The theme's CSS variables (colours, the primary shades, the anchor and error tones), which
// Mantine's provider would otherwise write into every page: theme-variables.ts.
import './theme-variables.css';
// A signed-in shopper's header drawn signed in before the session is checked (session-variants.tsx).
import './session-mark.css';
