import { getPagesQueryOptions } from '@/features/content/api/get-pages';
import { StaticPage } from '@/features/content/components/page-sections';
import { preload } from '@/lib/preload';

export const loader = () => preload(getPagesQueryOptions());

export function Component() {
  return <StaticPage slug="privacy-policy" fallbackTitle="Privacy Policy" />;
}
