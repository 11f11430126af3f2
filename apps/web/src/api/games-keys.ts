/** Query keys of the game lobby; the language is part of every catalogue key (names come per language). */
export const gamesKeys = {
  all: ['games'] as const,
  lanes: (language: string) => [...gamesKeys.all, 'lanes', language] as const,
  list: (filters: object, language: string) => [...gamesKeys.all, 'list', language, filters] as const,
  favoriteIds: (customerId: number, gameType: string) => [...gamesKeys.all, 'favoriteIds', customerId, gameType] as const,
  popular: (gameType: string, language: string) => [...gamesKeys.all, 'popular', gameType, language] as const,
  rooms: (language: string) => [...gamesKeys.all, 'rooms', language] as const,
  vendorGames: (vendor: string, gameType: string, language: string) =>
    [...gamesKeys.all, 'vendorGames', vendor, gameType, language] as const,
};
