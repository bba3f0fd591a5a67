/**
 * The downloads module's public surface: the server's link secret, which also signs the review
 * prompts' unsubscribe links (with their own prefix, so one kind of link can never pass as another).
 */
export { loadDownloadLinkSecret } from './download-links';
