package pagegen

// Vocabularies the text and attributes are drawn from. All entries are
// lower-case ASCII without characters that would need escaping, so the
// output is plain ASCII and every class is a valid CSS identifier.

var words = []string{
	"account", "active", "address", "amount", "archive", "available", "balance",
	"billing", "board", "brand", "budget", "cart", "catalog", "change", "channel",
	"checkout", "city", "client", "comment", "company", "contact", "content",
	"country", "coupon", "created", "customer", "daily", "dashboard", "data",
	"date", "delivery", "detail", "discount", "document", "draft", "due",
	"edit", "email", "event", "export", "feature", "filter", "free", "global",
	"group", "help", "history", "import", "invoice", "issue", "item", "label",
	"latest", "limit", "list", "local", "manage", "member", "message", "monthly",
	"new", "note", "notice", "number", "offer", "open", "order", "owner", "page",
	"paid", "partner", "payment", "pending", "plan", "price", "product",
	"profile", "project", "quantity", "quick", "rate", "recent", "record",
	"region", "report", "request", "review", "sales", "saved", "search",
	"season", "service", "settings", "shipping", "shop", "size", "status",
	"stock", "store", "summary", "support", "task", "team", "total", "track",
	"update", "user", "value", "view", "weekly", "with", "and", "the", "for",
	"your", "our", "from", "this", "all", "more", "now", "today",
}

var classNames = []string{
	"active", "badge", "block", "btn", "card", "col", "compact", "content",
	"disabled", "flex", "grid", "hidden", "highlight", "icon", "inline",
	"item", "large", "link", "muted", "primary", "row", "secondary",
	"selected", "small", "text-left", "text-right", "title", "wide",
}

var roles = []string{
	"action", "banner", "cell", "control", "item", "menu", "option", "panel",
	"summary", "toggle",
}

var wrapperClasses = []string{"wrapper", "container", "inner", "row", "col", "stack"}

var boxClasses = []string{"card", "panel", "box", "tile", "media", "widget"}

var fieldNames = []string{
	"name", "company", "city", "phone", "street", "zip", "title", "reference",
	"coupon", "nickname",
}
