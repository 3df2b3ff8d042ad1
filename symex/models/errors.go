//go:build siftmodels

// Models of package errors: Is asks reflectlite whether the target's type
// is comparable, which the executor answers directly (sift_comparable);
// As is errors.As with reflect's API, which the executor answers, in
// place of reflectlite's.
package siftmodels

import "reflect"

//sift:model errors.Is
func errorsIs(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	return errorsIsChain(err, target, sift_comparable(target))
}

// errorsIsChain walks err's Unwrap chain (and trees of Unwrap() []error)
// looking for target, by == when its type is comparable and by Is methods.
func errorsIsChain(err, target error, comparable bool) bool {
	for err != nil {
		if comparable && err == target {
			return true
		}
		if x, ok := err.(interface{ Is(error) bool }); ok && x.Is(target) {
			return true
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				if errorsIsChain(e, target, comparable) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

//sift:model errors.As
func errorsAs(err error, target any) bool {
	if err == nil {
		return false
	}
	if target == nil {
		panic("errors: target cannot be nil")
	}
	val := reflect.ValueOf(target)
	typ := val.Type()
	if typ.Kind() != reflect.Pointer || val.IsNil() {
		panic("errors: target must be a non-nil pointer")
	}
	targetType := typ.Elem()
	if targetType.Kind() != reflect.Interface && !targetType.Implements(reflect.TypeOf((*error)(nil)).Elem()) {
		panic("errors: *target must be interface or implement error")
	}
	return errorsAsChain(err, target, val, targetType)
}

// errorsAsChain walks err's Unwrap chain (and trees) for the first error
// assignable to targetType or whose As method accepts target.
func errorsAsChain(err error, target any, val reflect.Value, targetType reflect.Type) bool {
	for {
		if reflect.TypeOf(err).AssignableTo(targetType) {
			val.Elem().Set(reflect.ValueOf(err))
			return true
		}
		if x, ok := err.(interface{ As(any) bool }); ok && x.As(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
			if err == nil {
				return false
			}
		case interface{ Unwrap() []error }:
			for _, err := range x.Unwrap() {
				if err != nil && errorsAsChain(err, target, val, targetType) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}
