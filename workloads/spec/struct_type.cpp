#include "workloads/spec/struct_type.h"

#include <algorithm>
#include <charconv>

#include "sim_model/common/text.h"

namespace wf::workloads::spec {
namespace {

std::size_t align_up(std::size_t v, std::size_t a) {
  return (v + a - 1) / a * a;
}

}  // namespace

std::size_t StructField::element_bytes() const {
  return scalar ? element_size(*scalar) : nested->size;
}

std::size_t StructField::alignment() const {
  return scalar ? element_size(*scalar) : nested->align;
}

std::string StructField::type_name() const {
  return scalar ? std::string(element_type_name(*scalar)) : nested->name;
}

StructType StructType::layout(std::string name, std::vector<StructField> fields,
                              std::size_t min_align) {
  StructType t;
  t.name = std::move(name);
  t.align = std::max<std::size_t>(min_align, 1);
  std::size_t offset = 0;
  for (auto& f : fields) {
    offset = align_up(offset, f.alignment());
    f.offset = offset;
    offset += f.bytes();
    t.align = std::max(t.align, f.alignment());
  }
  t.size = align_up(offset, t.align);
  t.fields = std::move(fields);
  return t;
}

const StructField* StructType::field(std::string_view name) const {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

std::string StructType::field_names() const {
  std::string out;
  for (const auto& f : fields) out += (out.empty() ? "" : ", ") + f.name;
  return out;
}

std::optional<FieldDecl> parse_field_decl(std::string_view text) {
  text = wf::text::trim(text);
  const auto space = text.find_first_of(" \t");
  if (space == std::string_view::npos) return std::nullopt;
  FieldDecl d;
  d.type = std::string(text.substr(0, space));
  std::string_view rest = wf::text::trim(text.substr(space));
  if (const auto open = rest.find('['); open != std::string_view::npos) {
    if (rest.back() != ']') return std::nullopt;
    const std::string_view digits = wf::text::trim(rest.substr(open + 1, rest.size() - open - 2));
    const auto [end, ec] =
        std::from_chars(digits.data(), digits.data() + digits.size(), d.array_length);
    if (ec != std::errc() || end != digits.data() + digits.size() || d.array_length == 0)
      return std::nullopt;
    rest = wf::text::trim(rest.substr(0, open));
  }
  d.name = std::string(rest);
  if (!wf::text::is_identifier(d.type) || !wf::text::is_identifier(d.name)) return std::nullopt;
  return d;
}

}  // namespace wf::workloads::spec
