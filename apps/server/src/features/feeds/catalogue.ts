/**
 * The starter catalogue of Discover: well-known podcasts for learners of
 * English, by their public RSS addresses. They are listed at once and fetched
 * by the refresh job when FEED_CATALOGUE_FETCH is on and the server is online;
 * until then Discover shows them as not loaded yet. The addresses were written
 * from the publishers' pages and could not be checked from the build machine
 * (it has no internet): a moved feed shows its fetch error on its card.
 */
export interface CatalogueEntry {
  url: string
  title: string
  description: string
  category: string
}

export const STARTER_CATALOGUE: readonly CatalogueEntry[] = [
  {
    url: 'https://podcasts.files.bbci.co.uk/p02pc9tn.rss',
    title: '6 Minute English',
    description: 'BBC Learning English: a topical discussion and six minutes of new vocabulary.',
    category: 'Learning English',
  },
  {
    url: 'https://teacherluke.libsyn.com/rss',
    title: "Luke's English Podcast",
    description: 'Natural British English from a teacher and comedian, for advanced learners.',
    category: 'Learning English',
  },
  {
    url: 'https://feeds.megaphone.fm/allearsenglish',
    title: 'All Ears English',
    description: 'American English for real conversations, IELTS and business.',
    category: 'Learning English',
  },
  {
    url: 'https://feeds.npr.org/510318/podcast.xml',
    title: 'Up First',
    description: "NPR's morning news in ten minutes: clear, standard American English.",
    category: 'News',
  },
  {
    url: 'https://feeds.npr.org/510289/podcast.xml',
    title: 'Planet Money',
    description: 'The economy explained in stories, from NPR.',
    category: 'Ideas and Stories',
  },
  {
    url: 'https://feeds.npr.org/510308/podcast.xml',
    title: 'Hidden Brain',
    description: 'The patterns that shape human behaviour, from NPR.',
    category: 'Ideas and Stories',
  },
]
