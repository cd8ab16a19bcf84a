package budget

// JSON bodies (MCP messages, batch requests) are bounded in shape before
// encoding/json reads them. Tool arguments and batch items need a few
// levels and a few dozen names. encoding/json gives up only at 10,000
// levels, with an error that reads as if the JSON were broken; and an
// object of a million names is a map of a million keys, whose hash seeds
// in the Worker derive from the build's secret (docs/architecture.md, "Random numbers while the module loads"):
// bounding the names bounds what any collision could cost.
const (
	MaxJSONDepth   = 64   // the deepest nesting of arrays and objects
	MaxJSONMembers = 1024 // the most members of one object
)

// JSONShape returns how deeply the arrays and objects of a JSON text nest
// and the most members any one object has, without parsing it: brackets
// and commas inside strings do not count.
func JSONShape(b []byte) (depth, members int) {
	var stack []int // members counted so far, per open object (-1 for an array)
	inString := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '{':
			stack = append(stack, 1)
			depth = max(depth, len(stack))
		case c == '[':
			stack = append(stack, -1)
			depth = max(depth, len(stack))
		case c == ',' && len(stack) > 0 && stack[len(stack)-1] > 0:
			stack[len(stack)-1]++
			members = max(members, stack[len(stack)-1])
		case (c == '}' || c == ']') && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
	}
	return depth, members
}
