import type { SliderType } from '@parade/core/enums';

/** Where each type shows on the storefront's home page. */
export const sliderTypeLabels: Record<SliderType, string> = {
  home_page_slide: 'Main slider',
  deals_slides: 'Deals slider',
  home_banner: 'Banner',
};

export const sliderTypeOptions = (Object.entries(sliderTypeLabels) as [SliderType, string][]).map(([value, label]) => ({
  value,
  label,
}));
