import { NavLink, type NavLinkProps, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { placeholderKeys } from '@/components/ui/states';
import { paths } from '@/lib/paths';
import { useCategories } from '../api/get-categories';

/** A NavLink that opens and closes its children: a real button that says whether it is open. */
function ExpandableNavLink(props: Omit<NavLinkProps, 'opened' | 'onChange'>) {
  const [opened, setOpened] = useState(false);
  return (
    <NavLink component="button" type="button" aria-expanded={opened} opened={opened} onChange={setOpened} {...props} />
  );
}

/**
 * The category drawer's contents on small screens: each category opens its sub-categories,
 * each sub-category opens its brands. Every level is a native button or link, so it works
 * by keyboard and screen reader.
 */
export function CategoryDrawerNav({ onNavigate }: { onNavigate: () => void }) {
  const categories = useCategories();
  if (categories.isPending)
    return (
      <Stack gap="sm" aria-hidden>
        {placeholderKeys(8).map((key) => (
          <Skeleton key={key} height={44} />
        ))}
      </Stack>
    );
  if (categories.isError) return <Text c="error.7">{categories.error.message}</Text>;
  return (
    <nav aria-label="Categories">
      {categories.data.map((category) => (
        <ExpandableNavLink key={category.id} label={category.name} childrenOffset="md" fw={600} py="sm">
          <NavLink
            component={Link}
            to={paths.products({ category: category.slug })}
            label={`All ${category.name}`}
            onClick={onNavigate}
            py="sm"
            rightSection={<IconChevronRight size={16} aria-hidden />}
          />
          {category.sub_categories.map((sub) => (
            <ExpandableNavLink key={sub.id} label={sub.name} childrenOffset="md" py="sm">
              <NavLink
                component={Link}
                to={paths.products({ category: category.slug, sub: sub.slug })}
                label={`All ${sub.name}`}
                onClick={onNavigate}
                py="sm"
                rightSection={<IconChevronRight size={16} aria-hidden />}
              />
              {sub.brands.map((brand) => (
                <NavLink
                  key={brand.id}
                  component={Link}
                  to={paths.products({ brand: brand.slug })}
                  label={brand.name}
                  description="Brand"
                  onClick={onNavigate}
                  py="sm"
                />
              ))}
            </ExpandableNavLink>
          ))}
        </ExpandableNavLink>
      ))}
    </nav>
  );
}
