/** Vietnamese texts of the site-state pages (the shape English follows). */
export const systemVi = {
  domain: {
    title: 'Kiểm tra tên miền thất bại',
    text: 'Địa chỉ {{host}} không phải là tên miền của nhà điều hành. Vui lòng liên hệ chăm sóc khách hàng để nhận địa chỉ chính thức.',
  },
};
