import { getPagesQueryOptions, usePage } from '@/features/content/api/get-pages';
import { ContactForm } from '@/features/content/components/contact-form';
import { StaticPage } from '@/features/content/components/page-sections';
import { preload } from '@/lib/preload';

export const loader = () => preload(getPagesQueryOptions());

/** /contact: the page's details from GET /pages, then the contact form. */
export function Component() {
  const page = usePage('contact');
  const formSetting = (key: string) =>
    page.data?.settings.find((setting) => setting.section === 'form' && setting.key === key)?.value;
  return (
    <StaticPage slug="contact" fallbackTitle="Contact Us" skip={['form']}>
      <ContactForm title={formSetting('title')} intro={formSetting('content')} />
    </StaticPage>
  );
}
