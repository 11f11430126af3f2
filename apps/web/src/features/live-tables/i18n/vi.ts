/** Vietnamese, the default language and the shape the board's other languages follow. */
export const liveTablesVi = {
  title: 'Bàn trực tiếp đang mở',
  games: { baccarat: 'Baccarat', 'dragon-tiger': 'Rồng Hổ', 'sic-bo': 'Tài Xỉu', roulette: 'Roulette' },
  table: 'Bàn {{table}}',
  limits: 'Giới hạn {{min}} – {{max}}',
  phase: {
    betting: 'Đang nhận cược: {{seconds}} giây',
    closed: 'Đã đóng cược',
    running: 'Đang mở kết quả',
    settling: 'Đang trả thưởng',
    pause: 'Ván mới sắp bắt đầu',
  },
  round: 'Ván {{round}}',
  last: 'Kết quả gần đây',
  open: 'Vào bàn {{table}}',
  noResults: 'Chưa có kết quả',
  winners: { PLAYER: 'Con', BANKER: 'Cái', TIE: 'Hòa', DRAGON: 'R', TIGER: 'H', DT_TIE: '=' },
  sicBo: { big: 'Tài', small: 'Xỉu', triple: 'Bộ ba' },
  unavailable: 'Hiện không kết nối được các bàn trực tiếp; các trò chơi bên dưới vẫn được liệt kê.',
};
export type LiveTablesTranslation = typeof liveTablesVi;
